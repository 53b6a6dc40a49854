import type { AppInstance } from '../src/app-types';

/**
 * The served OpenAPI document with every `$ref` replaced by the schema it names, so a test can
 * read a body's properties without following references (shared schemas are components since
 * issue #22.5). A schema that refers to itself stops at its second visit.
 */
// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is JSON of any shape.
export async function inlinedOpenApiDocument(app: AppInstance): Promise<any> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json();
  const components: Record<string, unknown> = doc.components?.schemas ?? {};
  const inline = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = decodeURIComponent(ref.slice('#/components/schemas/'.length));
      if (seen.includes(name)) return {};
      return inline(components[name], [...seen, name]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen)]));
  };
  return { ...doc, paths: inline(doc.paths, []) };
}
