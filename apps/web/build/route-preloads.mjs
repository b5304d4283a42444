// After `vite build`: writes dist/.vite/route-preloads.json, each screen's own JavaScript and CSS
// (its lazy route chunk and their static imports, minus what index.html loads anyway). The server
// names them in the HTML it answers for that screen (`<link rel="modulepreload">`), so they are
// fetched with the app shell instead of after it has run.
import fs from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(web, 'dist/.vite/manifest.json'), 'utf8'));
const router = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');

/** Files of a chunk and everything it imports statically, by manifest key. */
function closure(keys) {
  const chunks = new Set();
  const visit = (key) => {
    if (chunks.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route-preloads: ${key} is not in Vite's manifest`);
    chunks.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  const js = [...chunks].map((k) => manifest[k].file);
  const css = [...chunks].flatMap((k) => manifest[k].css ?? []);
  return { js, css };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shell = closure([entry]);
const notInShell = (files, loaded) => [...new Set(files)].filter((f) => !loaded.includes(f)).map((f) => `/${f}`);

// Route name (`WebRoute.<name>` in router.tsx, also as `${WebRoute.<name>}/:param` (or `:param?`) for a child
// path, `*` for the not-found page) → route module.
const lazyRoutes = [
  ...router.matchAll(/path: (WebRoute\.\w+|`\$\{WebRoute\.\w+\}\/:\w+\??`|'\*'), lazy: \(\) => import\('\.\/routes\/([\w-]+)'\)/g),
];
if (lazyRoutes.length !== [...router.matchAll(/lazy: /g)].length) {
  throw new Error('route-preloads: a lazy route in router.tsx is not written as `path: WebRoute.x, lazy: () => import(\'./routes/y\')`');
}
const routes = {};
for (const [, route, module] of lazyRoutes) {
  const own = closure([`src/app/routes/${module}.tsx`]);
  routes[route === "'*'" ? '*' : route.match(/WebRoute\.(\w+)/)[1]] = { js: notInShell(own.js, shell.js), css: notInShell(own.css, shell.css) };
}
fs.writeFileSync(path.join(web, 'dist/.vite/route-preloads.json'), `${JSON.stringify(routes, null, 2)}\n`);
console.log(`Wrote the preloads of ${Object.keys(routes).length} routes.`);
