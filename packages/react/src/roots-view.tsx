import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import type { RootsApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';
import { SheetFooter } from './sheet-footer.js';
import { SheetHeader } from './sheet-header.js';

export interface RootsViewProps {
  api: RootsApi;
  rootRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Whether a click may answer (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
  /** The live-region text (empty at first, then the model's announcement). */
  announcement: string;
}

const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A server's `roots/list` markup: who asks, the host's roots as native checkboxes in 48 px
 * rows (named by the root's name, described by its URI; none checked), remember for this
 * server or only this time as native radios, then Share selected and Share none (the default).
 * Every string and attribute comes from the model; names and URIs are React text.
 */
export function RootsView(view: RootsViewProps) {
  const { api, rootRef, onKeyDown, acceptClick, announcement } = view;
  const { props } = api;
  return (
    <>
      <div {...p(props.backdrop)} onMouseDown={keepFocus} />
      <div {...p(props.root)} ref={rootRef} onKeyDown={onKeyDown}>
        <div className="mcp-consent-handle" aria-hidden="true" />
        <div className="mcp-consent-scroll">
          <SheetHeader
            props={props}
            title={api.title}
            server={api.server}
            onClose={(event) => acceptClick(event) && api.choose(api.escapeAction)}
          />
          <div className="mcp-consent-body">
            {api.notices.map((notice, index) => (
              <p {...p(props.notice)} data-kind={notice.kind} key={`${notice.kind}-${index}`}>
                {notice.text}
              </p>
            ))}
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
          </div>
        </div>
        <SheetFooter
          parts={props}
          actions={api.actions.map((action) => ({
            id: action.answer,
            label: action.label,
            props: api.getActionProps(action.answer),
            choose: () => api.choose(action.answer),
            focus: () => api.focus(action.answer),
          }))}
          keyHint={api.keyHint}
          guardText={api.guard.text}
          acceptClick={acceptClick}
          announcement={announcement}
        />
      </div>
    </>
  );
}
