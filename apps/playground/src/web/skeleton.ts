/**
 * A starting point for a tool's arguments, from its input schema: each
 * property's default, else an empty value of its type. The user edits it.
 */
export function argumentSkeleton(schema: unknown): Record<string, unknown> {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (!properties || typeof properties !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    if (name === '__confirm') continue; // added by the kit after a preview, never by hand
    out[name] = emptyValue(property);
  }
  return out;
}

function emptyValue(property: unknown): unknown {
  if (!property || typeof property !== 'object') return null;
  const p = property as { default?: unknown; type?: unknown; enum?: unknown; minimum?: unknown };
  if (p.default !== undefined) return p.default;
  if (Array.isArray(p.enum) && p.enum.length > 0) return p.enum[0];
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  switch (type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof p.minimum === 'number' ? p.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}
