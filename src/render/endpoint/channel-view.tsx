import type { ReactNode } from 'react';
import type { BindingView, ChannelPage, MessageView, OperationView } from '../../openapi/index.js';
import type { ApiDisplay } from './display.js';
import { breakablePath } from './endpoint-view.js';
import { ExamplesColumn, type ExampleTab } from './examples-view.js';
import { plainSample } from './highlight.js';
import { markdownToHtml } from './markdown.js';
import { SchemaBlock, SchemaField } from './schema-view.js';

/** Anchor of a message on its channel page (operations link to it). */
export function messageAnchor(name: string): string {
  return `message-${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')}`;
}

/** The TOC entries of a channel page, in the order its sections are drawn. */
export function channelHeadingList(page: ChannelPage): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  if (page.servers.length > 0) out.push({ id: 'api-servers', text: 'Servers' });
  if (page.parameters.length > 0) out.push({ id: 'api-parameters', text: 'Parameters' });
  if (page.operations.length > 0) out.push({ id: 'api-operations', text: 'Operations' });
  if (page.messages.length > 0) out.push({ id: 'api-messages', text: 'Messages' });
  if (page.bindings.length > 0) out.push({ id: 'api-bindings', text: 'Bindings' });
  return out;
}

/** Protocol bindings as written, one closed disclosure per protocol. */
function Bindings({ bindings }: { bindings: BindingView[] }): ReactNode {
  return bindings.map((b) => (
    <details className="api-binding" key={b.protocol}>
      <summary>
        Binding <code>{b.protocol}</code>
      </summary>
      <div dangerouslySetInnerHTML={{ __html: plainSample(b.json) }} />
    </details>
  ));
}

/** The label of a channel's badge: `WS` for WebSocket servers (what the platform documents AsyncAPI for), else the protocol. */
export function channelBadge(page: ChannelPage): string {
  const protocols = [...new Set(page.servers.map((s) => (s.protocol ?? '').toLowerCase()).filter(Boolean))];
  if (protocols.length === 0 || protocols.every((p) => p === 'ws' || p === 'wss')) return 'WS';
  return protocols.length === 1 ? protocols[0]!.toUpperCase() : 'CHANNEL';
}

function Operation({ op }: { op: OperationView }): ReactNode {
  return (
    <li className="api-operation" data-action={op.action} id={`operation-${op.id}`}>
      <div className="api-field-head">
        <span className={`api-pill api-action api-action-${op.action}`}>{op.action}</span>
        <code className="api-field-name">{op.id}</code>
        {op.title ? <span className="api-operation-title">{op.title}</span> : null}
        {op.deprecated ? <span className="api-pill api-deprecated">deprecated</span> : null}
      </div>
      {op.summary ? <p className="api-operation-summary">{op.summary}</p> : null}
      {op.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(op.description) }} /> : null}
      {op.messages.length > 0 ? (
        <p className="api-operation-messages">
          {op.messages.length > 1 ? 'Messages: ' : 'Message: '}
          {op.messages.map((name, i) => (
            <span key={name}>
              {i > 0 ? ', ' : null}
              <a href={`#${messageAnchor(name)}`}>{name}</a>
            </span>
          ))}
        </p>
      ) : null}
      <Bindings bindings={op.bindings} />
    </li>
  );
}

/** One message as a disclosure (the first open): description, content type, payload and header schemas. */
function Message({ message, open, expanded }: { message: MessageView; open: boolean; expanded: boolean }): ReactNode {
  return (
    <details className="api-response api-message" id={messageAnchor(message.name)} open={open}>
      <summary>
        <span className="api-status">{message.name}</span>
        {message.title && message.title !== message.name ? <span className="api-response-summary">{message.title}</span> : null}
        {message.deprecated ? <span className="api-pill api-deprecated">deprecated</span> : null}
      </summary>
      {message.summary ? <p>{message.summary}</p> : null}
      {message.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(message.description) }} /> : null}
      {message.contentType ? (
        <p className="api-content-type">
          <code>{message.contentType}</code>
        </p>
      ) : null}
      {message.payload ? (
        <div className="api-message-part">
          <h3>Payload</h3>
          <SchemaBlock node={message.payload} expanded={expanded} />
        </div>
      ) : null}
      {message.headers ? (
        <div className="api-message-part">
          <h3>Headers</h3>
          <SchemaBlock node={message.headers} expanded={expanded} />
        </div>
      ) : null}
      <Bindings bindings={message.bindings} />
    </details>
  );
}

/** Message examples, one tab per example: the spec's `examples`, else one made from the payload schema. */
export function messageTabs(page: ChannelPage): ExampleTab[] {
  return page.messages.flatMap((m) => m.examples.map((e) => ({ label: m.examples.length > 1 ? `${m.name}: ${e.name}` : m.name, lang: /^\s*[[{]/.test(e.code) ? 'json' : 'text', code: e.code })));
}

export interface ChannelViewProps {
  page: ChannelPage;
  display: ApiDisplay;
  /** Draw the channel's description under the address (generated pages; MDX pages have their own body). */
  withDescription?: boolean;
  /** An MDX page's body goes at the top of the left column (see `compose.ts`). */
  bodySlot?: boolean;
}

/**
 * The reference of one AsyncAPI channel in the endpoint layout: the address bar, then two columns
 * (servers, parameters, operations, messages and bindings left; message examples right).
 */
export function ChannelReference({ page, display, withDescription, bodySlot }: ChannelViewProps): ReactNode {
  const badge = channelBadge(page);
  return (
    <div className="api-reference api-channel" data-method="channel">
      <div className="api-request-line" data-folio-copy-scope="">
        <span className={`api-method api-method-channel`}>{badge}</span>
        <code className="api-path" data-folio-copy-source="">
          {breakablePath(page.address ?? page.channelId)}
        </code>
      </div>
      {withDescription && page.summary ? <p className="api-channel-summary">{page.summary}</p> : null}
      {withDescription && page.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(page.description) }} /> : null}
      <div className="api-columns">
        <div className="api-main">
          {bodySlot ? <div className="api-mdx-body" /> : null}
          {page.servers.length > 0 ? (
            <section className="api-servers">
              <h2 id="api-servers">Servers</h2>
              <ul className="api-properties">
                {page.servers.map((s) => (
                  <li className="api-field" key={s.name}>
                    <div className="api-field-head">
                      <code className="api-field-name">{s.name}</code>
                      <code className="api-server-url">{s.url}</code>
                      {s.protocol ? <span className="api-type">{s.protocolVersion ? `${s.protocol} ${s.protocolVersion}` : s.protocol}</span> : null}
                    </div>
                    {s.title ? <p>{s.title}</p> : null}
                    {s.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(s.description) }} /> : null}
                    <Bindings bindings={s.bindings} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {page.parameters.length > 0 ? (
            <section className="api-parameters" data-in="channel">
              <h2 id="api-parameters">Parameters</h2>
              <ul className="api-properties">
                {page.parameters.map((p) => (
                  <SchemaField key={p.name} node={{ ...p.schema, ...(p.description ? { description: p.description } : {}) }} required expanded={display.expanded} anchor={`channel-${p.name}`} />
                ))}
              </ul>
            </section>
          ) : null}
          {page.operations.length > 0 ? (
            <section className="api-operations">
              <h2 id="api-operations">Operations</h2>
              <ul className="api-properties">
                {page.operations.map((op) => (
                  <Operation key={op.id} op={op} />
                ))}
              </ul>
            </section>
          ) : null}
          {page.messages.length > 0 ? (
            <section className="api-responses api-messages">
              <h2 id="api-messages">Messages</h2>
              {page.messages.map((m, i) => (
                <Message key={m.name} message={m} open={i === 0} expanded={display.expanded} />
              ))}
            </section>
          ) : null}
          {page.bindings.length > 0 ? (
            <section className="api-channel-bindings">
              <h2 id="api-bindings">Bindings</h2>
              <Bindings bindings={page.bindings} />
            </section>
          ) : null}
        </div>
        <ExamplesColumn requestTabs={messageTabs(page)} responseTabs={[]} requestTitle="Messages" always={bodySlot} />
      </div>
    </div>
  );
}
