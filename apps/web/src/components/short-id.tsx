import { Tooltip, Typography } from 'antd';

/**
 * A long id (an order id, a bet id, a request id) in a table: its first and last characters with
 * an ellipsis between, the whole id in the tooltip and copied by the copy button, so the column
 * stays narrow and nothing is lost. Ids of `keep` characters or fewer show whole.
 */
export function ShortId({ value, keep = 14 }: { value: string | null | undefined; keep?: number }) {
  if (!value) return <>-</>;
  const head = Math.ceil((keep - 1) / 2);
  const tail = Math.floor((keep - 1) / 2);
  const short = value.length > keep ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
  return (
    <Typography.Text copyable={{ text: value }} style={{ whiteSpace: 'nowrap' }} className="short-id">
      {short === value ? value : (
        <Tooltip title={value}>
          <span>{short}</span>
        </Tooltip>
      )}
    </Typography.Text>
  );
}
