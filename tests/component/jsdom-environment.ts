import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * Vitest's jsdom, for component tests whose app runs in the same process (tests/component/app-fetch.ts).
 *
 * Vitest's jsdom puts jsdom's own ArrayBuffer, typed arrays and TextEncoder in the global scope, for code that
 * only ever meets jsdom's. Node hands out its own (every Buffer, a file read, a hash), which `instanceof
 * Uint8Array` would then refuse: esbuild, which bundles the embedded database's worker, stops at once. So
 * binary data stays Node's, made and checked in one realm as in a browser.
 *
 * The page's modules and the server's share one module graph, so all are loaded as for Node ('ssr'), as the
 * unit project loads client code: as for the browser, `import.meta.url` of a server file would not be the
 * file's URL, which the database worker is found by.
 */
const NODE_OWN = [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'TextEncoder',
  'TextDecoder',
] as const;

const { jsdom } = builtinEnvironments;

export default {
  name: 'jsdom-beside-the-app',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const own = NODE_OWN.map((name) => [name, global[name]] as const);
    const environment = await jsdom.setup(global, options);
    for (const [name, value] of own) Object.defineProperty(global, name, { value, configurable: true, writable: true });
    return environment;
  },
} satisfies Environment;
