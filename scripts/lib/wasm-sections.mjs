// The sections of a wasm module's bytes, for the build (scripts/build.mjs blanks text in the data
// section) and the size report (scripts/sizes.mjs measures the code and data sections).

/** The byte ranges `{ start, end }` of the sections of the wasm module `bytes`, by section id (10: code, 11: data). */
export function wasmSections(bytes) {
  const sections = {};
  let i = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[i++];
      value += (b & 127) * 2 ** shift;
      if (b < 128) return value;
    }
  };
  while (i < bytes.length) {
    const id = bytes[i++];
    const length = leb();
    sections[id] = { start: i, end: i + length };
    i += length;
  }
  return sections;
}
