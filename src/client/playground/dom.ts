/** A DOM element with attributes (`text` sets its text) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The id of a form key's control (`path:itemId` → `pg-path_itemId`); tests and labels use it. */
export const idOf = (key: string) => `pg-${key.replace(/[^\w-]/g, '_')}`;
