import type { ReactNode } from 'react';
import { encodeGroups, GROUPS_ATTRIBUTE, GROUPS_END_ATTRIBUTE, type SchemaNode } from '../../openapi/index.js';
import { markdownToHtml } from './markdown.js';

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Type, required/deprecated pills and facts (default, enum, constraints, example) of one schema node. */
function SchemaFacts({ node }: { node: SchemaNode }): ReactNode {
  return (
    <>
      {node.description ? <div className="api-description" dangerouslySetInnerHTML={{ __html: markdownToHtml(node.description) }} /> : null}
      {node.enum ? (
        <p className="api-enum">
          Allowed values:{' '}
          {node.enum.map((v, i) => {
            // `x-mint-enum`: a value some groups only see, hidden until `folio serve` keeps it for one of them.
            const groups = typeof v === 'string' && node.enumGroups && Object.hasOwn(node.enumGroups, v) ? node.enumGroups[v] : undefined;
            return groups ? (
              <code key={i} {...{ [GROUPS_ATTRIBUTE]: encodeGroups(groups) }} hidden>
                {literal(v)}
              </code>
            ) : (
              <code key={i}>{literal(v)}</code>
            );
          })}
        </p>
      ) : null}
      {node.default !== undefined ? (
        <p className="api-default">
          Default: <code>{literal(node.default)}</code>
        </p>
      ) : null}
      {node.constraints.length > 0 ? <p className="api-constraints">{node.constraints.join(' · ')}</p> : null}
      {node.example !== undefined ? (
        <p className="api-example">
          Example: <code>{literal(node.example)}</code>
        </p>
      ) : null}
    </>
  );
}

/** The small labels after a field name. */
export function FieldLabels({ node, required }: { node: SchemaNode; required?: boolean }): ReactNode {
  return (
    <>
      <span className="api-type">{node.type}</span>
      {node.nullable ? <span className="api-pill">nullable</span> : null}
      {required || node.required ? <span className="api-pill api-required">required</span> : null}
      {node.readOnly ? <span className="api-pill">read-only</span> : null}
      {node.writeOnly ? <span className="api-pill">write-only</span> : null}
      {node.deprecated ? <span className="api-pill api-deprecated">deprecated</span> : null}
    </>
  );
}

/** Nested children of a node: properties, array items, map values, oneOf/anyOf options, or a marker. */
export function SchemaChildren({ node, expanded = false }: { node: SchemaNode; expanded?: boolean }): ReactNode {
  if (node.circular) return <p className="api-circular">{`circular: ${node.circular}`}</p>;
  if (node.brokenRef) return <p className="api-broken-ref">{`unresolved reference: ${node.brokenRef}`}</p>;
  if (node.truncated) return <p className="api-truncated">…</p>;
  const items = node.items;
  return (
    <>
      {node.properties.length > 0 ? (
        <ul className="api-properties">
          {node.properties.map((child, i) => (
            <SchemaField key={`${child.name ?? ''}-${i}`} node={child} expanded={expanded} />
          ))}
        </ul>
      ) : null}
      {items && (items.properties.length > 0 || items.variants || items.circular || items.items) ? (
        <div className="api-items">
          <p className="api-items-label">{`Array items: ${items.refName ?? items.type}`}</p>
          <SchemaChildren node={items} expanded={expanded} />
        </div>
      ) : null}
      {node.additionalProperties ? (
        <div className="api-additional">
          <p>{`Additional properties: ${node.additionalProperties.type}`}</p>
          <SchemaChildren node={node.additionalProperties} expanded={expanded} />
        </div>
      ) : null}
      {node.variants ? (
        <div className="api-variants" data-kind={node.variants.kind}>
          <p>{node.variants.kind === 'oneOf' ? 'One of:' : 'Any of:'}</p>
          <ol>
            {node.variants.options.map((option, i) => (
              <li key={i} {...groupsMark(option)}>
                <span className="api-type">{option.refName ?? option.type}</span>
                <SchemaFacts node={option} />
                <SchemaChildren node={option} expanded={expanded} />
                {groupsEnd(option)}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </>
  );
}

/** `x-mint.groups`: a property or option some groups only see, hidden until `folio serve` keeps it for one of them (`openapi/reader-groups.ts`). */
function groupsMark(node: SchemaNode): Record<string, string | boolean> {
  return node.groups ? { [GROUPS_ATTRIBUTE]: encodeGroups(node.groups), hidden: true } : {};
}

/** The end of a part `groupsMark` marked. */
function groupsEnd(node: SchemaNode): ReactNode {
  return node.groups ? <template {...{ [GROUPS_END_ATTRIBUTE]: '' }} /> : null;
}

/** True when a node has fields below it (drawn in a disclosure under its field). */
function hasChildren(node: SchemaNode): boolean {
  const items = node.items;
  return node.properties.length > 0 || !!node.variants || !!node.additionalProperties || !!(items && (items.properties.length > 0 || items.variants || items.circular || items.items));
}

/**
 * One named field (property, parameter or header) with its nested schema in a native disclosure,
 * open under `api.params.expanded: all`. `anchor` gives the field an id to link to.
 */
export function SchemaField({ node, required, expanded = false, anchor }: { node: SchemaNode; required?: boolean; expanded?: boolean; anchor?: string }): ReactNode {
  return (
    <li className="api-field" id={anchor ? `param-${anchor}` : undefined} {...groupsMark(node)}>
      <div className="api-field-head">
        {anchor ? (
          <a className="api-field-anchor" href={`#param-${anchor}`} aria-label={`Link to ${node.name ?? ''}`}>
            #
          </a>
        ) : null}
        <code className="api-field-name">{node.name}</code> <FieldLabels node={node} required={required} />
      </div>
      <SchemaFacts node={node} />
      {hasChildren(node) ? (
        <details className="api-children" open={expanded}>
          <summary>Child attributes</summary>
          <SchemaChildren node={node} expanded={expanded} />
        </details>
      ) : (
        <SchemaChildren node={node} expanded={expanded} />
      )}
      {groupsEnd(node)}
    </li>
  );
}

/** A top-level schema (body or response): its description and fields. */
export function SchemaBlock({ node, expanded = false }: { node: SchemaNode; expanded?: boolean }): ReactNode {
  return (
    <div className="api-schema">
      <p className="api-schema-type">
        <span className="api-type">{node.refName ?? node.type}</span>
      </p>
      <SchemaFacts node={node} />
      <SchemaChildren node={node} expanded={expanded} />
    </div>
  );
}
