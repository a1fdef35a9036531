/**
 * An element with its attributes and children: what the panel draws before react-admin has loaded (its sign-in
 * form and the dashboard's first screen) is a few dozen elements, with no framework (docs/adr/0040).
 * @param tag the element's tag name
 * @param attributes set as they are (`class`, `href`, `aria-*`…)
 * @param children appended in order (text as text nodes)
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
