// Types of the add-on entries (`text-encoding-wasm/japanese`, `/simplified-chinese`,
// `/traditional-chinese`, `/korean`): imported for their effect only, they export nothing. After
// `import 'text-encoding-wasm/japanese'`, every entry over lite accepts its encodings' labels.
export {};
