// Types of `text-encoding-wasm/lite`: the same classes as `text-encoding-wasm`, without the CJK
// encodings at runtime until their add-on is imported (gbk, gb18030, big5, euc-jp, iso-2022-jp,
// shift_jis and euc-kr labels throw a RangeError that names the add-on entry to import).
export * from './index.js';
