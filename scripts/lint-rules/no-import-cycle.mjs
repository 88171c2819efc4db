// ESLint rule `local/no-import-cycle`: a module must not reach itself again through its
// relative imports, and `import type` counts (import-x/no-cycle always skips type-only imports,
// with no option to count them; decision 027). A cycle of types only still ties two modules
// together: neither can move or be understood alone, and one changed `import type` into a value
// import turns it into a load-order bug. The cure is a leaf module both import.
//
// Only relative specifiers are followed: packages depend on each other through package.json,
// which already forbids a cycle between them. Each file's imports come from TypeScript's
// pre-processor (a scanner, no parse, no type-check), cached by mtime for the whole lint run.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const TRY = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** file -> { stamp, deps: [{ file, pos, end }] } for the lint run. */
const graph = new Map();

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** './x', './x.ts', './x.js' (a .ts on disk), './dir' (its index): the code file it names, or null. */
function resolveRelative(specifier, fromFile) {
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.resolve(path.dirname(fromFile), bare);
  const candidates = TRY.map((ext) => base + ext);
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => CODE.test(c) && !c.endsWith('.d.ts') && isFile(c)) ?? null;
}

function scan(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const deps = [];
  for (const ref of importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const target = resolveRelative(ref.fileName, file);
    if (target && target !== file) deps.push({ file: target, pos: ref.pos, end: ref.end });
  }
  return deps;
}

function depsOf(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return [];
  }
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const hit = graph.get(file);
  if (hit && hit.stamp === stamp) return hit.deps;
  const deps = scan(file, readFileSync(file, 'utf8'));
  graph.set(file, { stamp, deps });
  return deps;
}

/** Breadth-first from `start` back to `home`: the files in between, or null. Grows `dead`. */
function routeBack(start, home, dead) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const { file } of depsOf(at)) {
      if (file === home) {
        const route = [];
        for (let f = at; f !== null; f = parent.get(f)) route.unshift(f);
        return route;
      }
      if (parent.has(file) || dead.has(file)) continue;
      parent.set(file, at);
      queue.push(file);
    }
  }
  // Nothing reached from here leads home: later imports of this file can skip all of it.
  for (const f of parent.keys()) dead.add(f);
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between modules, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import cycle (type-only imports count): {{route}}. Move what both need into a leaf module.',
    },
  },
  create(context) {
    const home = context.physicalFilename;
    if (!path.isAbsolute(home) || !CODE.test(home)) return {};
    const { sourceCode } = context;
    return {
      'Program:exit'() {
        // The text being linted, not the file on disk (an editor may hold unsaved changes).
        const dead = new Set();
        const seen = new Set();
        for (const dep of scan(home, sourceCode.text)) {
          if (seen.has(dep.file)) continue;
          seen.add(dep.file);
          const route = routeBack(dep.file, home, dead);
          if (!route) continue;
          const rel = (f) => path.relative(path.dirname(home), f) || path.basename(f);
          context.report({
            loc: { start: sourceCode.getLocFromIndex(dep.pos), end: sourceCode.getLocFromIndex(dep.end) },
            messageId: 'cycle',
            data: { route: [path.basename(home), ...route.map(rel), path.basename(home)].join(' -> ') },
          });
        }
      },
    };
  },
};
