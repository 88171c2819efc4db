/**
 * lazySchema: built on first use and then the same schema in every way callers look at one; and
 * every schema the contracts declare at the top of a module is declared through it, so importing
 * a module builds none (decision 042).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const Point = lazySchema(() => {
      builds++;
      return z.object({ x: z.number(), y: z.number() });
    });
    expect(builds).toBe(0);
    expect(Point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Point.safeParse({ x: 'a' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the schema: instanceof, in, keys, derived schemas and nesting', () => {
    const Role = lazySchema(() => z.enum(['owner', 'member']));
    const Member = lazySchema(() => z.object({ name: z.string().min(1), role: Role }));
    const Admin = lazySchema(() => Member.extend({ since: z.number().int() }));
    expect(Member).toBeInstanceOf(z.ZodObject);
    expect(Role).toBeInstanceOf(z.ZodEnum);
    expect('shape' in Member).toBe(true);
    expect(Object.keys(Member.shape)).toEqual(['name', 'role']);
    expect(Role.options).toEqual(['owner', 'member']);
    expect(Admin.parse({ name: 'Ann', role: 'owner', since: 2020 })).toEqual({ name: 'Ann', role: 'owner', since: 2020 });
    expect(Admin.safeParse({ name: 'Ann', role: 'boss', since: 2020 }).error?.issues[0]?.path).toEqual(['role']);
    expect(z.array(Member).parse([{ name: 'Bo', role: 'member' }])).toHaveLength(1);
    expect(Member.pick({ name: true }).parse({ name: 'Cy', role: 'x' })).toEqual({ name: 'Cy' });
  });
});

describe('the contracts declare their schemas lazily', () => {
  it('has no top-level constant holding a schema (or an object of schemas) built at import', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'lazy-schema.ts')
      .map((f) => path.join(dir, f));
    const program = ts.createProgram(files, {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const eager: string[] = [];
    let lazy = 0;
    for (const file of files) {
      const source = program.getSourceFile(file)!;
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const init = declaration.initializer;
          if (!init || ts.isArrowFunction(init) || ts.isFunctionExpression(init)) continue;
          const type = checker.getTypeAtLocation(init);
          const isSchema = (t: ts.Type) => Boolean(t.getProperty('_zod') && t.getProperty('safeParse'));
          if (!isSchema(type)) {
            // An object of schemas (a shape to spread into others) is built at import too.
            const holdsSchemas = type.getProperties().some((p) => isSchema(checker.getTypeOfSymbolAtLocation(p, init)));
            if (holdsSchemas) eager.push(`${path.basename(file)}: ${declaration.name.getText(source)}`);
            continue;
          }
          const isLazy = ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'lazySchema';
          if (isLazy) lazy++;
          else eager.push(`${path.basename(file)}: ${declaration.name.getText(source)}`);
        }
      }
    }
    expect(eager).toEqual([]);
    // The check finds the schemas it is about (a broken type lookup would find none).
    expect(lazy).toBeGreaterThan(80);
  }, 60_000);
});
