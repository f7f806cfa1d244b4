import type { PageIndex } from '../content/index.js';
import type { DirectoryItem, PageRoute, Section, SidebarNode } from './types.js';

/** Attach a directory listing to every group root page whose inherited `directory` is accordion or card. */
export function attachDirectories(sections: readonly Section[], routes: Map<string, PageRoute>, index: PageIndex): void {
  const visit = (nodes: readonly SidebarNode[], section: Section): void => {
    for (const node of nodes) {
      if (node.type !== 'group') continue;
      const route = node.root ? routes.get(node.root) : undefined;
      if (route && route.sectionId === section.id && !route.directory && node.directory !== 'none') {
        route.directory = { style: node.directory, items: itemsOf(node.children, index) };
      }
      visit(node.children, section);
    }
  };
  for (const section of sections) visit(section.sidebar, section);
}

/** Listing entries for a group's children: pages with their descriptions, nested groups with theirs. */
function itemsOf(nodes: readonly SidebarNode[], index: PageIndex): DirectoryItem[] {
  const items: DirectoryItem[] = [];
  for (const node of nodes) {
    if (node.type === 'page') {
      const item: DirectoryItem = { type: 'page', href: node.href, title: node.sidebarTitle ?? node.title };
      const description = index.pages.get(node.path)?.description;
      if (description) item.description = description;
      if (node.icon) item.icon = node.icon;
      items.push(item);
    } else if (node.type === 'endpoint' && node.href) {
      items.push({ type: 'page', href: node.href, title: node.sidebarTitle ?? node.title });
    } else if (node.type === 'link') {
      items.push({ type: 'page', href: node.href, title: node.label, ...(node.icon ? { icon: node.icon } : {}) });
    } else if (node.type === 'group') {
      const group: DirectoryItem = { type: 'group', name: node.name, items: itemsOf(node.children, index) };
      if (node.root) group.href = node.root;
      if (node.icon) group.icon = node.icon;
      items.push(group);
    }
  }
  return items;
}
