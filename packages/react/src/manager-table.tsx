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
  /** The section: its table part is `<name>-table`, its heading `ids.<name>Heading`. */
  name: 'grants' | 'audit' | 'rules';
  columns: readonly (readonly [Column, string])[];
  /** Header cells after the model's columns. */
  extraHeads?: ReactNode;
  children: ReactNode;
}) {
  const { api } = view;
  const props = api.props[`${view.name}-table`];
  return (
    <div
      className="mcp-consent-table-scroll"
      // A group, not a region: the section around it is already the landmark with this name.
      role="group"
      aria-labelledby={api.ids[`${view.name}Heading`]}
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

/** What a toolbar's choice takes: its label, its control's part and value, and changes. */
interface FilterProps {
  labelProps: PartProps | undefined;
  label: string;
  controlProps: PartProps | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** The text filter of the grants or the audit toolbar: the model's label, query and parts. */
export function QueryFilter({ api, of }: { api: ManagerApi; of: 'grants' | 'audit' }) {
  const { filter } = api[of];
  const onChange = of === 'grants' ? api.setGrantQuery : api.setAuditQuery;
  const controlProps = api.props[`${of}-filter`];
  return (
    <div className="mcp-consent-filter">
      <label {...p(api.props[`${of}-filter-label`])}>{filter.label}</label>
      <input {...filterControl({ controlProps, value: filter.value, onChange })} />
    </div>
  );
}

/** A labelled choice of a toolbar (a native select with the model's options). */
export function FilterSelect(
  view: FilterProps & { options: readonly { value: string; label: string }[] },
) {
  return (
    <div className="mcp-consent-filter">
      <label {...p(view.labelProps)}>{view.label}</label>
      <select {...filterControl(view)}>
        {view.options.map((option) => (
          <option value={option.value} key={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter control's attributes, its value and its change handler. */
function filterControl(view: Pick<FilterProps, 'controlProps' | 'value' | 'onChange'>) {
  return {
    ...p(view.controlProps),
    value: view.value,
    onChange: (event: { target: { value: string } }) => view.onChange(event.target.value),
  };
}
