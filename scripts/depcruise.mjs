// Runs dependency-cruiser with TypeScript 5.9 as its parser.
//
// dependency-cruiser 17 reads .ts/.tsx through the `typescript` package's JS API and accepts versions
// below 7; the workspace's compiler is TypeScript 7 (native, no JS API), with which it silently
// cruises 0 modules. The dev dependency `typescript-5` (an alias of typescript@5.9) is handed to it
// instead, for both the version check (require) and the parser (import). Arguments pass through.
import Module, { register } from 'node:module';

const FROM_DEPCRUISE = /[\\/]node_modules[\\/]dependency-cruiser[\\/]/;
const toTypescript5 = (request) => request.replace(/^typescript(?=$|\/)/, 'typescript-5');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript5(request, parent, ...rest) {
  const isDepcruise = FROM_DEPCRUISE.test(parent?.filename ?? '');
  return resolveFilename.call(this, isDepcruise ? toTypescript5(request) : request, parent, ...rest);
};

register(
  `data:text/javascript,${encodeURIComponent(`
    const FROM_DEPCRUISE = ${FROM_DEPCRUISE};
    export async function resolve(specifier, context, next) {
      const isDepcruise = FROM_DEPCRUISE.test(decodeURIComponent(context.parentURL ?? ''));
      return next(isDepcruise ? specifier.replace(/^typescript(?=$|\\/)/, 'typescript-5') : specifier, context);
    }
  `)}`,
);

// The package exports no bin path, so the CLI is loaded by file.
await import(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).href);
