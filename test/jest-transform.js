// @ts-check
/*
 * The jest transform: @swc/jest, then one line that binds the built-ins hot loops use to module-local names.
 *
 * Jest runs every module inside a vm context. Node 20 gives that context a global object behind V8 interceptors,
 * so each read of a global (`Math.floor`, `new Float32Array`) inside a hot loop is a slow interceptor call that
 * the optimizer cannot fold: the matcher's image loops ran about 40 times slower under jest than under node
 * (a reference photo took 5 to 7 s to hash instead of 0.6 to 0.9 s). A module-local `var Math = globalThis.Math`
 * reads the same object once, at load, and the loops run at node's speed. Only objects no test replaces are
 * bound (a test may spy on `Math.random`, which changes a property of the same object; `Date` and the timers,
 * which fake timers replace, are left alone), and never a name the module declares itself. The line goes on the
 * first line, so line numbers and stack traces are unchanged. Nothing of the product changes: this is how jest
 * loads the code, not the code. Packages in CommonJS are not transformed (transformIgnorePatterns) and keep the
 * slow lookups; measured on the PDF-heavy bulk-submit suite they cost little.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- jest loads transformers with require() */
const { createTransformer: swcTransformer } = require('@swc/jest');
const crypto = require('node:crypto');

const BUILT_INS = [
  'Math', 'Number', 'Array', 'Object', 'String', 'JSON', 'Map', 'Set', 'ArrayBuffer', 'DataView',
  'Float32Array', 'Float64Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array',
];
/** Bumped when the injected line changes, so jest's transform cache does not serve the old output. */
const VERSION = 'local-built-ins-4';

/** The names the module does not declare itself (a `const Map` or a `function Map` of its own stays its own). */
function bindable(code) {
  return BUILT_INS.filter((name) => !new RegExp(`\\b(?:const|let|class|function)\\s+${name}\\b|[{,]\\s*${name}\\s*[,}][^;]*=`).test(code));
}

function withLocalBuiltIns(code) {
  const names = bindable(code);
  if (names.length === 0) return code;
  const line = `var ${names.map((n) => `${n} = globalThis.${n}`).join(', ')};`;
  // After the directive prologue, which must stay first for strict mode to hold.
  const directive = /^(\s*(['"])use strict\2;?)/.exec(code);
  return directive ? `${directive[1]}${directive[1].endsWith(';') ? '' : ';'} ${line}${code.slice(directive[1].length)}` : `${line} ${code}`;
}

module.exports = {
  /** @param {Parameters<typeof swcTransformer>[0]} options swc's options, as @swc/jest takes them */
  createTransformer(options) {
    const swc = swcTransformer(options);
    return {
      ...swc,
      process(src, filename, jestOptions) {
        const out = swc.process(src, filename, jestOptions);
        return { ...out, code: withLocalBuiltIns(out.code) };
      },
      getCacheKey(src, filename, ...rest) {
        return crypto.createHash('sha1').update(swc.getCacheKey(src, filename, ...rest)).update(VERSION).digest('hex');
      },
    };
  },
};
