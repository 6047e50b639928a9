import type { ReactNode } from 'react';
import type { ManagerApi, PartProps } from '@mcp-consent/prompt';
import { toReactProps as p } from './attrs.js';

/** A column of the manager's tables, as the model names it. */
type Column = Parameters<ManagerApi['getColumnProps']>[1];

/** The decision badge; its colour comes from the model's `data-tone`. */
export const Badge = ({ props, label }: { props: PartProps; label: string }) => (
  <span {...p(props)}>{label}</span>
);

/**
 * A table's columns in the model's order, and the attributes of a body cell of one (its
 * part, and the column's name as `data-label` for the stacked narrow layout).
 */
export function tableColumns<C extends Column>(
  api: ManagerApi,
  columns: Readonly<Record<C, string>>,
) {
  return {
    columns: Object.entries(columns) as [C, string][],
    cell: (column: C) => ({
      ...p(api.getColumnProps('cell', column)),
      'data-label': columns[column],
    }),
  };
}

/** A table's header row: one `th` per model column (plus `children`, e.g. the actions column). */
function ColumnHeads({
  api,
  columns,
  children,
}: {
  api: ManagerApi;
  columns: readonly (readonly [Column, string])[];
  children?: ReactNode;
}) {
  return (
    <thead>
      <tr>
        {columns.map(([column, label]) => (
          <th {...p(api.getColumnProps('column-header', column))} key={column}>
            {label}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}

/**
 * One of the manager's tables in a keyboard-scrollable box (narrow screens scroll it
 * sideways), labelled by its section's heading, hidden with the table: the header row, then
 * `children` as the body rows.
 */
export function ManagerTable(view: {
  api: ManagerApi;
  table: 'grants-table' | 'audit-table' | 'rules-table';
  labelledBy: string;
  columns: readonly (readonly [Column, string])[];
  /** Header cells after the model's columns. */
  extraHeads?: ReactNode;
  children: ReactNode;
}) {
  const { api } = view;
  const props = api.props[view.table];
  return (
    <div
      className="mcp-consent-table-scroll"
      // A group, not a region: the section around it is already the landmark with this name.
      role="group"
      aria-labelledby={view.labelledBy}
      tabIndex={0}
      hidden={props?.hidden === true}
    >
      <table {...p(props)}>
        <ColumnHeads api={api} columns={view.columns}>
          {view.extraHeads}
        </ColumnHeads>
        <tbody>{view.children}</tbody>
      </table>
    </div>
  );
}

/** The cells a grant and an audit row share: the tool and server (server text) and the decision. */
export function CallCells(view: {
  cell: (column: 'tool' | 'server' | 'decision') => object;
  row: { tool: string; server: string; decisionLabel: string; props: { decision: PartProps } };
}) {
  const { cell, row } = view;
  return (
    <>
      <td {...cell('tool')}>
        <span dir="auto">{row.tool}</span>
      </td>
      <td {...cell('server')}>
        <span dir="auto">{row.server}</span>
      </td>
      <td {...cell('decision')}>
        <Badge props={row.props.decision} label={row.decisionLabel} />
      </td>
    </>
  );
}

/** A labelled text filter of a toolbar. */
export function FilterInput(view: {
  labelProps: PartProps | undefined;
  label: string;
  inputProps: PartProps | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="mcp-consent-filter">
      <label {...p(view.labelProps)}>{view.label}</label>
      <input
        {...p(view.inputProps)}
        value={view.value}
        onChange={(event) => view.onChange(event.target.value)}
      />
    </div>
  );
}

/** A labelled choice of a toolbar (a native select with the model's options). */
export function FilterSelect(view: {
  labelProps: PartProps | undefined;
  label: string;
  selectProps: PartProps | undefined;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="mcp-consent-filter">
      <label {...p(view.labelProps)}>{view.label}</label>
      <select
        {...p(view.selectProps)}
        value={view.value}
        onChange={(event) => view.onChange(event.target.value)}
      >
        {view.options.map((option) => (
          <option value={option.value} key={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
