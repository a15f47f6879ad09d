// Types of `text-encoding-wasm/lite`: the same classes as `text-encoding-wasm`, without the CJK
// encodings at runtime (gbk, gb18030, big5, euc-jp, iso-2022-jp, shift_jis and euc-kr labels throw
// a RangeError that points to the full entry).
export * from './index.js';
