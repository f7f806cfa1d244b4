/** Types of AsyncAPI documents as the openapi layer plans them: loaded document → channels → channel pages. */
import type { JsonObject, SchemaNode } from '../types.js';

/** One channel of a document, as navigation lists it. */
export interface AsyncChannel {
  /** Key under `channels` (3.x: the channel id; 2.x: the address). */
  id: string;
  /** Address readers connect to (`null` in 3.x: unknown or dynamic). */
  address?: string;
  title: string;
  /** URL segment below the directory, unique within the document. */
  slug: string;
  pointer: string[];
}

/** A loaded AsyncAPI 2.x or 3.x document. */
export interface LoadedAsyncApi {
  /** Normalized id: repository-relative posix path without leading slash, or the URL. */
  id: string;
  absolutePath?: string;
  format: 'json' | 'yaml';
  /** Major version: 2.x documents put operations in channels (`publish`/`subscribe`), 3.x beside them. */
  major: 2 | 3;
  /** The `asyncapi` field as written (`3.0.0`). */
  version: string;
  text: string;
  document: JsonObject;
  channels: AsyncChannel[];
  positionOf(segments: readonly string[]): { line: number; column: number };
}

/** A channel page in navigation: the same shape as navigation's EndpointRef, method `CHANNEL`. */
export interface PlannedChannel {
  method: 'CHANNEL';
  /** The channel's address (its id when it has none). */
  path: string;
  title: string;
  href: string;
  specFile: string;
  kind: 'channel';
}

export interface ServerView {
  name: string;
  /** `wss://echo.example.com/path`, variables as written (`{region}`). */
  url: string;
  protocol?: string;
  protocolVersion?: string;
  title?: string;
  description?: string;
  /** Protocol bindings, pretty JSON per protocol. */
  bindings: BindingView[];
}

export interface BindingView {
  protocol: string;
  json: string;
}

export interface ChannelParameterView {
  name: string;
  description?: string;
  schema: SchemaNode;
  location?: string;
}

export interface MessageExampleView {
  name: string;
  summary?: string;
  /** Pretty JSON of the example payload (or of the headers and payload together when both are given). */
  code: string;
}

export interface MessageView {
  /** Key of the message (channel `messages` key, component name or `name`). */
  name: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload?: SchemaNode;
  headers?: SchemaNode;
  examples: MessageExampleView[];
  bindings: BindingView[];
  deprecated: boolean;
}

export interface OperationView {
  id: string;
  /** 3.x `action`; 2.x `publish` is `receive` (the application receives what clients publish), `subscribe` is `send`. */
  action: 'send' | 'receive';
  title?: string;
  summary?: string;
  description?: string;
  /** Names of the messages this operation carries (see `ChannelPage.messages`). */
  messages: string[];
  bindings: BindingView[];
  deprecated: boolean;
}

/** Everything a channel page shows, decided here and only drawn by src/render/endpoint. */
export interface ChannelPage {
  ref: PlannedChannel;
  channelId: string;
  title: string;
  summary?: string;
  description?: string;
  address?: string;
  /** `asyncapi` of the document (`3.0.0`). */
  version: string;
  servers: ServerView[];
  parameters: ChannelParameterView[];
  operations: OperationView[];
  messages: MessageView[];
  bindings: BindingView[];
  /** The channel's own part of the document, for the Markdown export (`markdown.schema`). */
  source: JsonObject;
}
