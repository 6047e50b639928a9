import { nothing } from 'lit';
import {
  Directive,
  directive,
  PartType,
  type DirectiveResult,
  type ElementPart,
  type PartInfo,
} from 'lit/directive.js';
import type { PartProps } from '@mcp-consent/prompt';

/**
 * Applies a model's attribute object (`PartProps`) to an element: strings as they are,
 * `true` as an empty attribute (`hidden`, `required`), `false` and `undefined` remove it.
 * The element's `part` names come from its `data-part`, plus any `extraParts`, so every
 * anatomy part can be styled with `::part()`. Attributes it set earlier and no longer
 * gets are removed. Values are only ever set as attributes, never as markup.
 */
class SpreadDirective extends Directive {
  private applied = new Map<string, string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('spread() belongs on an element.');
  }

  render(_props: PartProps, ..._extraParts: (string | false | null | undefined)[]) {
    return nothing;
  }

  override update(
    part: ElementPart,
    [props, ...extraParts]: Parameters<SpreadDirective['render']>,
  ) {
    const element = part.element;
    const next = new Map<string, string>();
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === false) continue;
      next.set(name, value === true ? '' : value);
    }
    const parts = [props['data-part'], ...extraParts].filter(
      (name): name is string => typeof name === 'string' && name !== '',
    );
    if (parts.length > 0) next.set('part', parts.join(' '));
    for (const name of this.applied.keys()) {
      if (!next.has(name)) element.removeAttribute(name);
    }
    for (const [name, value] of next) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
    this.applied = next;
    return nothing;
  }
}

/** `<div ${spread(api.props.header)}>`: binds a model part's attributes and part names. */
// Annotated so the published declarations name lit, not lit-html (lit's own dependency).
export const spread: (
  props: PartProps,
  ...extraParts: (string | false | null | undefined)[]
) => DirectiveResult<typeof SpreadDirective> = directive(SpreadDirective);
