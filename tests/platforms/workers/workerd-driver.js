// The test driver of the workerd run (`workerd test`, its config written by
// scripts/platforms/workers.mjs): every binding of its env is one bundled worker, as a service;
// its test handler fetches each once, so that each worker's own fetch handler does the work, and
// prints `@@worker NAME STATUS BODY` (the body as a JSON string) for the runner to read.

export default {
  async test(controller, env) {
    for (const name of Object.keys(env).sort()) {
      const response = await env[name].fetch('http://localhost/');
      console.log(`@@worker ${name} ${response.status} ${JSON.stringify(await response.text())}`);
    }
  },
};
