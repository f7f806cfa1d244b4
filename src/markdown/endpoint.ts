/**
 * A generated OpenAPI endpoint page (the same `EndpointPage` the HTML view draws) as Markdown:
 * method and path, servers, authentication, parameters, request body, responses, code samples.
 */
import { requestSamples, type ChannelPage, type EndpointPage, type MediaView, type ParameterView, type SchemaNode } from '../openapi/index.js';
import { codeSpan, fence, indent } from './from-tree.js';

/** Nesting kept in schema lists; deeper levels are summarised by their type. */
const MAX_DEPTH = 6;

/**
 * Markdown body of an endpoint page (without the page title, which the page header adds).
 * `content: false` leaves out the `x-mint` content (the build compiles it as the page's MDX body
 * and puts its Markdown, from the compiled tree, before this).
 */
export function endpointMarkdown(page: EndpointPage, { content = true }: { content?: boolean } = {}): string {
  const out: string[] = [];
  if (page.description) out.push(page.description.trim());
  if (content && page.content) out.push(page.content.trim());
  const route = page.kind === 'webhook' ? `WEBHOOK ${page.path}` : `${page.method.toUpperCase()} ${page.path}`;
  out.push(fence(route, 'http'));
  if (page.deprecated) out.push('> **Warning**\n>\n> This endpoint is deprecated.');
  if (page.servers.length) out.push(`Servers:\n\n${page.servers.map((s) => `- ${s}`).join('\n')}`);
  const auth = page.security.map((req) => req.schemes.map((s) => `${s.name} (${[s.type, s.detail].filter(Boolean).join(', ')}${s.scopes.length ? `; scopes: ${s.scopes.join(', ')}` : ''})`).join(' and '));
  if (auth.length) out.push(`## Authorization\n\n${auth.map((a) => `- ${a}`).join('\n')}`);
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const params = page.parameters.filter((p) => p.in === where);
    if (params.length) out.push(`## ${where[0]!.toUpperCase()}${where.slice(1)} parameters\n\n${params.map(parameter).join('\n')}`);
  }
  if (page.requestBody) {
    const body = page.requestBody;
    out.push(['## Request body', body.required ? 'Required.' : '', body.description?.trim() ?? '', ...body.media.map(media)].filter(Boolean).join('\n\n'));
  }
  if (page.responses.length) {
    out.push('## Responses');
    for (const r of page.responses) {
      const headers = r.headers.length ? `Headers:\n\n${r.headers.map(parameter).join('\n')}` : '';
      out.push([`### ${r.status}`, r.description?.trim() ?? '', headers, ...r.media.map(media)].filter(Boolean).join('\n\n'));
    }
  }
  // The spec's own samples, then one cURL request (the HTML page shows every configured language).
  const samples = [...page.samples, ...(page.request ? requestSamples(page.request, { languages: ['bash'] }) : [])];
  if (samples.length) out.push(['## Examples', ...samples.map((s) => `**${s.label}**\n\n${fence(s.code, s.lang)}`)].join('\n\n'));
  return out.join('\n\n');
}

/**
 * Markdown body of an AsyncAPI channel page (the same `ChannelPage` the HTML view draws): address,
 * servers, parameters, operations with their direction, messages with payload and header fields,
 * bindings and examples.
 */
export function channelMarkdown(page: ChannelPage): string {
  const out: string[] = [];
  if (page.summary) out.push(page.summary.trim());
  if (page.description) out.push(page.description.trim());
  out.push(`Channel ${codeSpan(page.channelId)}${page.address !== undefined && page.address !== page.channelId ? `, address ${codeSpan(page.address)}` : ''} (AsyncAPI ${page.version}).`);
  if (page.servers.length) {
    out.push(`## Servers\n\n${page.servers.map((s) => `- ${codeSpan(s.name)}: ${codeSpan(s.url)}${s.protocol ? ` (${s.protocol}${s.protocolVersion ? ` ${s.protocolVersion}` : ''})` : ''}${s.description ? `: ${s.description.trim().replace(/\n+/g, ' ')}` : ''}`).join('\n')}`);
  }
  if (page.parameters.length) out.push(`## Parameters\n\n${page.parameters.map((p) => schemaItem({ ...p.schema, name: p.name, required: true, description: p.description ?? p.schema.description }, 0)).join('\n')}`);
  if (page.operations.length) {
    const line = (op: ChannelPage['operations'][number]) =>
      `- **${op.action}** ${codeSpan(op.id)}${op.title ? ` ${op.title}` : ''}${op.summary ? `: ${op.summary}` : ''}${op.messages.length ? ` (messages: ${op.messages.join(', ')})` : ''}${op.description ? `\n\n  ${indent(op.description.trim(), 2)}` : ''}`;
    out.push(`## Operations\n\n${page.operations.map(line).join('\n')}`);
  }
  if (page.messages.length) {
    out.push('## Messages');
    for (const m of page.messages) {
      const parts = [`### ${m.name}${m.title && m.title !== m.name ? ` (${m.title})` : ''}`, m.summary ?? '', m.description?.trim() ?? '', m.contentType ? `Content type: ${codeSpan(m.contentType)}` : ''];
      if (m.payload) parts.push(`Payload:\n\n${m.payload.properties.length ? m.payload.properties.map((p) => schemaItem(p, 0)).join('\n') : schemaItem(m.payload, 0)}`);
      if (m.headers) parts.push(`Headers:\n\n${m.headers.properties.length ? m.headers.properties.map((p) => schemaItem(p, 0)).join('\n') : schemaItem(m.headers, 0)}`);
      for (const b of m.bindings) parts.push(`Binding ${codeSpan(b.protocol)}:\n\n${fence(b.json, 'json')}`);
      for (const e of m.examples) parts.push(`**${e.name}**\n\n${fence(e.code, /^\s*[[{]/.test(e.code) ? 'json' : 'text')}`);
      out.push(parts.filter(Boolean).join('\n\n'));
    }
  }
  if (page.bindings.length) out.push(['## Bindings', ...page.bindings.map((b) => `${codeSpan(b.protocol)}:\n\n${fence(b.json, 'json')}`)].join('\n\n'));
  return out.join('\n\n');
}

function parameter(p: ParameterView): string {
  const node: SchemaNode = { ...p.schema, name: p.name, required: p.required, description: p.description ?? p.schema.description, deprecated: p.deprecated || p.schema.deprecated };
  return schemaItem(node, 0);
}

function media(m: MediaView): string {
  const parts = [`Content type: ${codeSpan(m.contentType)}`];
  if (m.schema) {
    const fields = m.schema.properties.length ? m.schema.properties.map((p) => schemaItem(p, 0)).join('\n') : schemaItem(m.schema, 0);
    parts.push(fields);
  }
  if (m.example) parts.push(`Example:\n\n${fence(m.example, m.contentType.includes('json') ? 'json' : '')}`);
  return parts.join('\n\n');
}

/** One schema node as a list item with its type and facts, children nested under it. */
function schemaItem(node: SchemaNode, depth: number): string {
  const facts = [node.type];
  if (node.required) facts.push('required');
  if (node.nullable) facts.push('nullable');
  if (node.deprecated) facts.push('deprecated');
  if (node.readOnly) facts.push('read-only');
  if (node.writeOnly) facts.push('write-only');
  facts.push(...node.constraints);
  if (node.default !== undefined) facts.push(`default: ${JSON.stringify(node.default)}`);
  if (node.enum?.length) facts.push(`one of: ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (node.circular) facts.push(`circular reference to ${node.circular}`);
  const head = `- ${node.name ? `${codeSpan(node.name)} ` : ''}(${facts.join(', ')})`;
  const lines = [node.description ? `${head}: ${node.description.trim().replace(/\n+/g, ' ')}` : head];
  if (node.example !== undefined) lines.push(`  Example: ${codeSpan(JSON.stringify(node.example))}`);
  if (depth < MAX_DEPTH) {
    const children = [...node.properties];
    if (node.items && node.items.properties.length) children.push(...node.items.properties);
    if (node.additionalProperties) children.push({ ...node.additionalProperties, name: node.additionalProperties.name ?? '[key]' });
    for (const child of children) lines.push('  ' + indent(schemaItem(child, depth + 1), 2));
    for (const [i, option] of (node.variants?.options ?? []).entries()) lines.push('  ' + indent(schemaItem({ ...option, name: option.name ?? `${node.variants!.kind} ${i + 1}` }, depth + 1), 2));
  }
  return lines.join('\n');
}
