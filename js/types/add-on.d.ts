// Types of the add-on entries (`text-encoding-wasm/japanese`, `/simplified-chinese`,
// `/traditional-chinese`, `/korean`, and each one's `/encode` and `/decode`): imported for their
// effect only, they export nothing. After `import 'text-encoding-wasm/japanese'`, every entry over
// lite accepts its encodings' labels; after `/japanese/encode`, the encoders' doors only (the
// legacy encoders, the standard's encode), after `/japanese/decode` the decoders' (TextDecoder,
// TextDecoderStream, the standard's decode).
export {};
