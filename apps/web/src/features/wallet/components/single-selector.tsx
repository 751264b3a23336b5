import { Selector } from 'antd-mobile';

/** antd-mobile's Selector holds a list; a form field here holds one value. */
export function SingleSelector<T extends string>({
  options,
  value,
  onChange,
  testId,
  columns,
}: {
  options: { label: string; value: T; description?: string }[];
  columns?: number;
  value?: T;
  onChange?: (value: T) => void;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Selector
        options={options}
        value={value === undefined ? [] : [value]}
        onChange={(values) => {
          const next = values[0];
          if (next !== undefined) onChange?.(next);
        }}
        showCheckMark={false}
        columns={columns}
      />
    </div>
  );
}
