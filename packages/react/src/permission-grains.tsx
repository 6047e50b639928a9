import { revealControlled } from '@mcp-consent/prompt/dom';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { GrainGroupView, PermissionApi } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

export interface PermissionGrainsProps {
  api: PermissionApi;
  /** Whether a click may answer or toggle (one without a pointer only after a key in the sheet). */
  acceptClick: (event: MouseEvent) => boolean;
}

/** Typing the note never answers: only Escape (Deny once) reaches the sheet's keymap. */
const keepTyping = (event: KeyboardEvent) => {
  if (event.key !== 'Escape') event.stopPropagation();
};

/**
 * "How long, and a note" (issue 17): a disclosure at the end of the body, so the four answers
 * keep their place. Its selects set what Allow always and Deny always do (their labels follow
 * the model); the note goes with any deny. Nothing when the request offers no grains.
 */
export function PermissionGrains({ api, acceptClick }: PermissionGrainsProps) {
  const grains = api.grains;
  if (!grains) return null;
  const { note } = grains;
  return (
    <div className="mcp-consent-grains-block">
      <button
        {...p(api.props['grains-toggle'])}
        className="mcp-consent-toggle mcp-consent-grains-toggle"
        onClick={(event) => {
          if (!acceptClick(event)) return;
          api.toggleOptions();
          revealControlled(event.currentTarget);
        }}
      >
        {grains.toggleLabel}
      </button>
      <div {...p(api.props.grains)} className="mcp-consent-grains">
        {[grains.allow, grains.deny].map((group) =>
          group ? <GrainGroup key={group.decision} api={api} group={group} /> : null,
        )}
        <div {...p(api.props.note)} className="mcp-consent-field">
          <label {...p(api.props['note-label'])} htmlFor={api.ids.note}>
            {note.label}
          </label>
          <textarea
            {...p(api.props['note-input'])}
            value={note.value}
            onChange={(event) => api.setNote(event.target.value)}
            onKeyDown={keepTyping}
          />
          <p {...p(api.props['note-hint'])} className="mcp-consent-field-description">
            {note.hint}
          </p>
        </div>
      </div>
    </div>
  );
}

function GrainGroup({ api, group }: { api: PermissionApi; group: GrainGroupView }) {
  const { decision } = group;
  return (
    <div {...p(api.props['grain-group'])} className="mcp-consent-field" data-decision={decision}>
      <label {...p(api.getGrainLabelProps(decision))}>{group.label}</label>
      <select
        {...p(api.getGrainSelectProps(decision))}
        value={group.selected}
        onChange={(event) => api.setGrain(decision, event.target.value)}
      >
        {group.options.map((option) => (
          <option {...p(api.props['grain-option'])} key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <label
        {...p(api.props['grain-args-only-label'])}
        className="mcp-consent-check-row"
        hidden={!group.argsOnly.available}
      >
        <input
          {...p(api.getArgsOnlyProps(decision))}
          checked={group.argsOnly.checked}
          onChange={(event) => api.setArgsOnly(decision, event.target.checked)}
        />
        {group.argsOnly.label}
      </label>
    </div>
  );
}
