/** Replace `{{name}}` (spaces allowed inside) with docs.json `variables`; unknown names stay as written. */
export function substituteVariables(source: string, variables: Record<string, string>): { text: string; count: number } {
  if (!source.includes('{{')) return { text: source, count: 0 };
  let count = 0;
  const text = source.replace(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(variables, name)) return whole;
    count++;
    return variables[name] ?? '';
  });
  return { text, count };
}
