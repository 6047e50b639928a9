/** Module hook of node20-shim.mjs: drops `globSync` from the conformance CLI's `fs` import. */
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes('/@modelcontextprotocol/conformance/dist/')) return result;
  const source = String(result.source);
  const match = /globSync as (\w+),/.exec(source);
  if (!match) return result;
  const stub = `function ${match[1]}(){throw new Error('globSync needs Node 22');}`;
  return { ...result, source: `${source.replace(match[0], '')}\n${stub}\n`, shortCircuit: true };
}
