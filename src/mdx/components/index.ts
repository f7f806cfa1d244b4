import type { ComponentType } from 'react';
import { Accordion, AccordionGroup, Expandable } from './disclosure.js';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from './callouts.js';
import { Card, CardGroup, Column, Columns, Tile } from './cards.js';
import { ParamField, ResponseField } from './fields.js';
import { Icon } from './icon.js';
import { CodeBlock, FolioCode, FolioMath } from './internal.js';
import { Badge, Color, Frame, Latex, Mermaid, Tooltip, Tree, Update, ZoomImage } from './media.js';
import { GitHub, Link, Panel, Prompt, Variation, Visibility } from './misc.js';
import { Step, Steps } from './steps.js';
import { CodeGroup, RequestExample, ResponseExample, Tab, Tabs, View } from './tabs.js';

export { collectFeatures } from './shared.js';
export { FolioUnknown } from './misc.js';


/**
 * Every built-in component by the name pages use; member components (`Tree.Folder`) hang off their
 * parent. Besides the documented names, the older names the platform still accepts render too
 * (`Param`, `Github`, `SnippetGroup`), without a warning: they are valid there. `<Heading>` is
 * not here: it becomes a real heading in the tree pass (finalize.ts), so it gets an id and a TOC entry.
 */
export const builtinComponents: Record<string, ComponentType<any>> = {
  Note,
  Info,
  Tip,
  Warning,
  Check,
  Danger,
  Callout,
  Card,
  CardGroup,
  Columns,
  Column,
  Tile,
  Tabs,
  Tab,
  View,
  CodeGroup,
  SnippetGroup: CodeGroup,
  RequestExample,
  ResponseExample,
  Accordion,
  AccordionGroup,
  Expandable,
  Steps,
  Step,
  ParamField,
  Param: ParamField,
  ResponseField,
  Frame,
  ZoomImage,
  Icon,
  Badge,
  Tooltip,
  Update,
  Mermaid,
  Latex,
  Tree,
  FileTree: Tree,
  Color,
  Visibility,
  Prompt,
  Panel,
  Link,
  GitHub: GitHub as unknown as ComponentType<any>,
  Github: GitHub as unknown as ComponentType<any>,
  Variation,
  CodeBlock,
  FolioCode,
  FolioMath,
};

/**
 * Names other docs platforms accept for a built-in component, rendered as that component with an
 * MDX_COMPONENT_ALIAS warning telling to rename it. Kept explicit and short: an unknown name is
 * never guessed at (no fuzzy matching), it is an MDX_UNKNOWN_COMPONENT warning.
 */
export const COMPONENT_ALIASES: Readonly<Record<string, string>> = {
  /** A typo real repositories make (trigger.dev's docs). */
  Warn: 'Warning',
};

/**
 * Names from other docs frameworks that the platform does not provide either (its component docs list
 * none of them), with what to write instead. Not rendered as that component (the platform publishes the
 * page without it, and so does Folio): only named in the MDX_UNKNOWN_COMPONENT warning as its fix.
 */
export const COMPONENT_REPLACEMENTS: Readonly<Record<string, string>> = {
  /** Fumadocs' file tree (cline's docs): the platform's is `<Tree>` (alias `<FileTree>`). */
  Files: '`<Tree>`',
  Folder: '`<Tree.Folder>`',
  File: '`<Tree.File>`',
  /** A capitalised `<details>` (lancedb's docs). */
  Details: '`<Expandable>` or `<Accordion>` (or the HTML element, lowercase `<details>`)',
  /** GitHub's and Docusaurus' admonition name (runpod's docs): the platform's callouts are these. */
  Important: '`<Warning>` or `<Info>` (the platform\'s callouts: Note, Info, Tip, Warning, Check, Danger, Callout)',
  /** A callout name the platform does not have (comfyui's docs). */
  Error: '`<Danger>` (the platform\'s callout for errors)',
  /** Next.js' image (formbricks' docs). */
  Image: 'an HTML `<img>` or a Markdown image, inside `<Frame>` for a caption',
};

/** True when `name` (possibly `A.B`) resolves to a built-in component. */
export function isBuiltinComponent(name: string): boolean {
  const [head, ...rest] = name.split('.');
  let value: unknown = head ? builtinComponents[head] : undefined;
  for (const part of rest) value = value ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === 'function';
}
