// What the app's edge code (middleware.js, app/api/polyfill/route.js) shares to report its uses
// of the package: each use's result or the error it threw, and a decode through a
// TextDecoderStream fed one byte a chunk.

/** Runs `f`; its result, or the error it threw as a string. */
export async function attempt(f) {
  try {
    return await f();
  } catch (error) {
    return `threw ${error && error.name}: ${error && error.message}`;
  }
}

/** The text of `bytes`, one byte a chunk, piped through `decoderStream` (a TextDecoderStream). */
export async function decodedByteByByte(decoderStream, bytes) {
  const input = new ReadableStream({
    start(controller) {
      for (const b of bytes) controller.enqueue(Uint8Array.of(b));
      controller.close();
    },
  });
  const reader = input.pipeThrough(decoderStream).getReader();
  let text = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
  return text;
}
