import type { ReactNode } from 'react';
import { type AnyProps, bool, cx, str } from './shared.js';

/** Format a default value the way it would be written in JSON. */
function formatDefault(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    // Not JSON-writable (a BigInt, a cycle): its plain string form is still a fair default to show.
    return String(value);
  }
}

interface FieldHead {
  name?: string;
  location?: string;
  type?: string;
  required: boolean;
  deprecated: boolean;
  defaultValue?: string;
  pre?: unknown;
  post?: unknown;
}

/** The shared row of ParamField/ResponseField: name, location, type, flags, default. */
function Field({ head, className, children, id }: { head: FieldHead; className: string; children: ReactNode; id?: string }) {
  const anchor = id ?? (head.name ? `${head.location ?? 'field'}-${head.name}`.replace(/[^\w.-]+/g, '-') : undefined);
  return (
    <div className={cx('folio-field', className)} id={anchor} data-location={head.location}>
      <div className="folio-field-head">
        {head.name ? <code className="folio-field-name">{head.name}</code> : null}
        {head.location && head.location !== 'response' ? <span className="folio-field-location">{head.location}</span> : null}
        {head.type ? <span className="folio-field-type">{head.type}</span> : null}
        {head.required ? <span className="folio-field-required">required</span> : null}
        {head.deprecated ? <span className="folio-field-deprecated">deprecated</span> : null}
        {head.defaultValue !== undefined ? (
          <span className="folio-field-default">
            default: <code>{head.defaultValue}</code>
          </span>
        ) : null}
      </div>
      {children ? <div className="folio-field-body">{children}</div> : null}
    </div>
  );
}

const locations = ['query', 'path', 'body', 'header', 'cookie'] as const;

/** The head line both field kinds share: name, where it goes, type, flags and default. */
function fieldHead(props: AnyProps, name: string | undefined, location: string) {
  return {
    name,
    location,
    type: str(props.type),
    required: bool(props.required),
    deprecated: bool(props.deprecated),
    defaultValue: formatDefault(props.default),
  };
}

/** `<ParamField query|path|body|header="name" type required default deprecated>` */
export function ParamField(props: AnyProps) {
  const location = locations.find((l) => props[l] !== undefined);
  const name = location ? str(props[location]) : str(props.name);
  return (
    <Field className="folio-param-field" id={str(props.id)} head={fieldHead(props, name, location ?? 'param')}>
      {props.children}
    </Field>
  );
}

/** `<ResponseField name type required default deprecated>` */
export function ResponseField(props: AnyProps) {
  return (
    <Field className="folio-response-field" id={str(props.id)} head={fieldHead(props, str(props.name), 'response')}>
      {props.children}
    </Field>
  );
}
