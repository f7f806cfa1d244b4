import type { ReactNode } from 'react';
import type { EndpointPage, MediaView, ParameterView } from '../../openapi/index.js';
import { markdownToHtml } from './markdown.js';
import { SchemaBlock, SchemaField } from './schema-view.js';

function Media({ media }: { media: MediaView[] }): ReactNode {
  return media.map((m) => (
    <div className="api-media" key={m.contentType}>
      <p className="api-content-type">
        <code>{m.contentType}</code>
      </p>
      {m.schema ? <SchemaBlock node={m.schema} /> : null}
      {m.example !== undefined ? (
        <pre className="api-example-block">
          <code className="language-json">{m.example}</code>
        </pre>
      ) : null}
    </div>
  ));
}

const LOCATIONS: [ParameterView['in'], string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
  ['cookie', 'Cookies'],
];

function Parameters({ parameters }: { parameters: ParameterView[] }): ReactNode {
  return LOCATIONS.map(([where, heading]) => {
    const list = parameters.filter((p) => p.in === where);
    if (list.length === 0) return null;
    return (
      <section className="api-parameters" data-in={where} key={where}>
        <h2>{heading}</h2>
        <ul className="api-properties">
          {list.map((p) => (
            <SchemaField
              key={p.name}
              node={{ ...p.schema, name: p.name, ...(p.description ? { description: p.description } : {}), ...(p.deprecated ? { deprecated: true } : {}) }}
              required={p.required}
            />
          ))}
        </ul>
      </section>
    );
  });
}

/** The reference part of an endpoint page: request line, auth, parameters, body, responses, samples. */
export function EndpointReference({ page }: { page: EndpointPage }): ReactNode {
  return (
    <div className="api-reference" data-method={page.method.toLowerCase()}>
      <div className="api-request-line">
        <span className={`api-method api-method-${page.method.toLowerCase()}`}>{page.kind === 'webhook' ? `WEBHOOK ${page.method}` : page.method}</span>{' '}
        <code className="api-path">{page.path}</code>
        {page.deprecated ? <span className="api-pill api-deprecated">deprecated</span> : null}
      </div>
      {page.servers.length > 0 ? (
        <p className="api-servers">
          Base URL:{' '}
          {page.servers.map((s) => (
            <code key={s}>{s}</code>
          ))}
        </p>
      ) : null}
      {page.security.length > 0 ? (
        <section className="api-auth">
          <h2>Authorization</h2>
          {page.security.map((option, i) => (
            <ul key={i} className="api-auth-option">
              {option.schemes.map((s) => (
                <li key={s.name}>
                  <code>{s.name}</code> <span className="api-type">{s.type}</span>
                  <span dangerouslySetInnerHTML={{ __html: markdownToHtml(s.detail) }} />
                  {s.scopes.length > 0 ? <p>Scopes: {s.scopes.join(', ')}</p> : null}
                </li>
              ))}
            </ul>
          ))}
        </section>
      ) : null}
      <Parameters parameters={page.parameters} />
      {page.requestBody ? (
        <section className="api-body">
          <h2>
            {page.kind === 'webhook' ? 'Payload' : 'Body'}
            {page.requestBody.required ? <span className="api-pill api-required">required</span> : null}
          </h2>
          {page.requestBody.description ? <div dangerouslySetInnerHTML={{ __html: markdownToHtml(page.requestBody.description) }} /> : null}
          <Media media={page.requestBody.media} />
        </section>
      ) : null}
      {page.responses.length > 0 ? (
        <section className="api-responses">
          <h2>Responses</h2>
          {page.responses.map((r) => (
            <div className="api-response" data-status={r.status} key={r.status}>
              <h3>
                <span className="api-status">{r.status}</span>
              </h3>
              {r.description ? <div dangerouslySetInnerHTML={{ __html: markdownToHtml(r.description) }} /> : null}
              {r.headers.length > 0 ? (
                <ul className="api-properties">
                  {r.headers.map((h) => (
                    <SchemaField key={h.name} node={{ ...h.schema, name: h.name, ...(h.description ? { description: h.description } : {}) }} required={h.required} />
                  ))}
                </ul>
              ) : null}
              <Media media={r.media} />
            </div>
          ))}
        </section>
      ) : null}
      {page.samples.length > 0 ? (
        <section className="api-samples">
          <h2>Request samples</h2>
          {page.samples.map((s, i) => (
            <figure className="api-sample" data-lang={s.lang} key={i}>
              <figcaption>{s.label}</figcaption>
              <pre>
                <code className={`language-${s.lang}`}>{s.code}</code>
              </pre>
            </figure>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/**
 * A whole generated endpoint page body: description, custom content, then the reference.
 * The layout draws the title (from the planned endpoint), as it does for MDX pages.
 */
export function EndpointPageView({ page, contentHtml }: { page: EndpointPage; contentHtml?: string }): ReactNode {
  const content = contentHtml ?? (page.content ? markdownToHtml(page.content) : undefined);
  return (
    <article className="api-page">
      {page.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(page.description) }} /> : null}
      {content ? <div className="api-content" dangerouslySetInnerHTML={{ __html: content }} /> : null}
      <EndpointReference page={page} />
    </article>
  );
}
