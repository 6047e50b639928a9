import type { RootsApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { AnswerSheet, type SheetViewProps } from './answer-sheet.js';

export type RootsViewProps = SheetViewProps<RootsApi>;

/**
 * A server's `roots/list` markup: who asks, the host's roots as native checkboxes in 48 px
 * rows (named by the root's name, described by its URI; none checked), remember for this
 * server or only this time as native radios, then Share selected and Share none (the default).
 * Every string and attribute comes from the model; names and URIs are React text.
 */
export function RootsView(view: RootsViewProps) {
  const { api } = view;
  const { props } = api;
  return (
    <AnswerSheet {...view}>
      <p {...p(props.intro)}>{api.intro}</p>
      <p {...p(props.empty)}>{api.empty}</p>
      <p {...p(props['list-heading'])} hidden={api.empty !== null}>
        {api.listHeading}
      </p>
      <div {...p(props.list)}>
        {api.items.map((item) => (
          <label
            {...p(api.getItemProps(item.index))}
            className="mcp-consent-check-row"
            key={item.index}
          >
            <input
              {...p(api.getCheckboxProps(item.index))}
              checked={item.checked}
              onChange={(event) => api.toggle(item.index, event.currentTarget.checked)}
              onFocus={() => api.focus(`root-${item.index}`)}
            />
            <span {...p(props['item-number'])}>{item.number}</span>
            <span className="mcp-consent-root-texts">
              <span {...p(api.getNameProps(item.index))}>{item.name}</span>
              <span {...p(api.getUriProps(item.index))}>{item.uri}</span>
            </span>
          </label>
        ))}
      </div>
      <p {...p(props.count)} hidden={api.empty !== null}>
        {api.count}
      </p>
      <div {...p(props.grains)}>
        <p {...p(props['grains-heading'])}>{api.grainsHeading}</p>
        {api.grains.map((grain) => (
          <label className="mcp-consent-check-row" key={grain.grain}>
            <input
              {...p(api.getGrainProps(grain.grain))}
              checked={grain.selected}
              onChange={() => api.setGrain(grain.grain)}
              onFocus={() => api.focus(`grain-${grain.grain}`)}
            />
            <span>{grain.label}</span>
          </label>
        ))}
      </div>
    </AnswerSheet>
  );
}
