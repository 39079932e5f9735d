// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build, once,
// at build time: the gateway serves them as they are (Content-Encoding), no compression per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats only: images and woff fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|ttf|eot|otf)$/;
/** Below this, the headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export async function precompress(dir) {
  const jobs = [];
  for await (const file of files(dir)) {
    // Files without a hash in their name (index.html, the icon) always get both copies, however
    // small: a build copied over an older one (the launcher does) must not leave the older copy of
    // index.html beside the new one, or it is served instead and loads the older app.
    const fixedName = !file.includes(`${sep}assets${sep}`);
    if (!fixedName && (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      readFile(file).then(async (data) => {
        const [br, gzipped] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gz(data, { level: 9 }),
        ]);
        // A compressed copy that is not smaller is never worth sending.
        if (fixedName || br.length < data.length) await writeFile(`${file}.br`, br);
        if (fixedName || gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The Vite plugin: compresses the finished build in its output folder. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'meridian-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
