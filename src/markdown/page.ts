/** The Markdown document of one page: title and description on top, then the body. */
export interface PageMarkdownInput {
  title: string;
  description?: string;
  /** Body Markdown (from the compiled tree or an endpoint page). */
  body: string;
  /** Text appended after the body (e.g. an endpoint reference of an `openapi:` page). */
  suffix?: string;
}

export function pageMarkdown({ title, description, body, suffix }: PageMarkdownInput): string {
  const parts = [`# ${title.trim()}`];
  if (description?.trim()) parts.push(description.trim().split('\n').map((l) => `> ${l}`).join('\n'));
  if (body.trim()) parts.push(body.trim());
  if (suffix?.trim()) parts.push(suffix.trim());
  return parts.join('\n\n') + '\n';
}
