import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks recorded exchanges against an OpenAPI 3.1 document, as a validating proxy (Stoplight
 * Prism) does, both ways (issue #32): a request the document refuses must be refused by the server
 * (400) and a request the server refuses with 400 must break one of the document's rules; every
 * response must have a documented status, a documented media type and a body its schema accepts.
 *
 * Parameters are read from the URL the way OpenAPI says they travel: path and query values are
 * strings, turned into numbers or booleans where the schema asks for them (Prism and the
 * openapi-*-validator libraries coerce the same way), `allowEmptyValue` makes `?name=` absent, and
 * a `style: form, explode: false` array is comma-joined.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is JSON of any shape.
type Json = any;

export interface Exchange {
  method: string;
  url: string;
  body?: unknown;
  status: number;
  contentType: string | undefined;
  responseBody: string;
}

export interface Verdict {
  /** `METHOD /path`: the document's operation, or undefined when no path of it matches. */
  operation: string | undefined;
  /** What the document says is wrong with the request (empty: it accepts it). */
  requestViolations: string[];
  /** What the document says is wrong with the response. */
  responseViolations: string[];
}

export function createOpenApiValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const compiled = new WeakMap<object, ValidateFunction>();
  const check = (schema: Json, value: unknown): string[] => {
    if (!schema || typeof schema !== 'object') return [];
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(value)'} ${e.message}`);
  };

  const routes = Object.entries(document.paths as Record<string, Record<string, Json>>).map(
    ([path, item]) => ({
      path,
      item,
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
      names: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
    }),
  );

  function findOperation(method: string, pathname: string) {
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      const operation = match && route.item[method.toLowerCase()];
      if (!match || !operation) continue;
      const pathValues = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]),
      );
      return { name: `${method.toUpperCase()} ${route.path}`, operation, pathValues };
    }
    return undefined;
  }

  function checkRequest(
    operation: Json,
    pathValues: Record<string, string>,
    query: URLSearchParams,
    body: unknown,
  ) {
    const problems: string[] = [];
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      const where = `${parameter.in} ${parameter.name}`;
      let raw: string[] = [];
      if (parameter.in === 'path') raw = [pathValues[parameter.name]];
      else if (parameter.in === 'query') raw = query.getAll(parameter.name);
      else continue; // no header or cookie parameters in this API
      if (parameter.allowEmptyValue) raw = raw.filter((value) => value !== '');
      if (raw.length === 0) {
        if (parameter.required) problems.push(`${where} is required`);
        continue;
      }
      const value = readParameter(raw, parameter);
      problems.push(...check(parameter.schema, value).map((p) => `${where}: ${p}`));
    }
    const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
    if (jsonBody && body !== undefined) problems.push(...check(jsonBody, body).map((p) => `body: ${p}`));
    if (operation.requestBody?.required && body === undefined) problems.push('body is required');
    return problems;
  }

  function checkResponse(operation: Json, exchange: Exchange) {
    const response = operation.responses?.[String(exchange.status)];
    if (!response) return [`status ${exchange.status} is not documented`];
    const media = exchange.contentType?.split(';')[0].trim().toLowerCase();
    const content = response.content as Record<string, Json> | undefined;
    if (!content || Object.keys(content).length === 0) {
      return exchange.responseBody === ''
        ? []
        : [`status ${exchange.status} documents no body, got ${media}`];
    }
    if (!media || !content[media]) {
      return [
        `${media ?? 'no content type'} is not documented for ${exchange.status} (${Object.keys(content)})`,
      ];
    }
    if (!media.endsWith('json')) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(exchange.responseBody);
    } catch {
      return [`${media} body is not JSON`];
    }
    return check(content[media].schema, parsed).map((p) => `response ${exchange.status}: ${p}`);
  }

  return {
    validate(exchange: Exchange): Verdict {
      const url = new URL(exchange.url, 'http://api.test');
      const found = findOperation(exchange.method, url.pathname);
      if (!found)
        return { operation: undefined, requestViolations: ['no such operation'], responseViolations: [] };
      return {
        operation: found.name,
        requestViolations: checkRequest(found.operation, found.pathValues, url.searchParams, exchange.body),
        responseViolations: checkResponse(found.operation, exchange),
      };
    },
  };
}

/** The value a parameter carries, read from its raw URL values the way its schema says. */
function readParameter(raw: string[], parameter: Json): unknown {
  const schema = parameter.schema ?? {};
  if (schema.type === 'array') {
    const commaJoined = parameter.style === 'form' && parameter.explode === false;
    const parts = commaJoined ? raw.flatMap((value) => value.split(',')) : raw;
    return parts.map((part) => coerce(part, schema.items ?? {}));
  }
  // A repeated key where one value is expected stays a list, which the schema then refuses.
  return raw.length === 1 ? coerce(raw[0], schema) : raw;
}

const NUMERIC = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function typesOf(schema: Json): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return [...own, ...((schema.anyOf ?? schema.oneOf ?? []) as Json[]).flatMap(typesOf)];
}

function coerce(value: string, schema: Json): unknown {
  const types = typesOf(schema);
  if ((types.includes('integer') || types.includes('number')) && NUMERIC.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}
