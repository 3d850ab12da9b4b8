import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DataCell, DataTable } from "@/ui/DataTable";

interface Day {
  day: string;
  revenue: number;
  paidOrders: number;
}

interface Props {
  id: string;
  title: string;
  days: Day[];
  value: (day: Day) => number;
  format: (value: number) => string;
  /** The value's name in the tooltip and the table. */
  unit: string;
  color: string;
  /** Whole numbers: no fractional ticks. */
  whole?: boolean;
}

/** "2026-01-05" as "Jan 5" (the days are UTC dates: formatted in UTC so they never shift). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * One figure per day as a bar chart (recharts). The chart is a picture: the same figures follow as
 * a table for screen readers and anyone who wants the numbers.
 */
export function SalesChart({ id, title, days, value, format, unit, color, whole = false }: Props) {
  const points = days.map((day) => ({ day: day.day, label: shortDay(day.day), value: value(day) }));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <figure className="card chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart__title">
        {title} <span className="chart__total">{format(total)} in all</span>
      </figcaption>
      <div className="chart__plot" aria-hidden="true" data-testid={id}>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={16} tick={{ fontSize: 12 }} />
            <YAxis
              allowDecimals={!whole}
              width={whole ? 36 : 64}
              tick={{ fontSize: 12 }}
              tickFormatter={(tick: number) => (whole ? String(tick) : format(tick))}
            />
            <Tooltip
              formatter={(tooltipValue) => [format(Number(tooltipValue)), unit]}
              labelFormatter={(label) => String(label)}
            />
            <Bar dataKey="value" name={unit} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="chart__figures">
        <summary>{title}: the figures</summary>
        <DataTable caption={title} columns={["Day", unit]}>
          {points.map((point) => (
            <tr key={point.day}>
              <DataCell label="Day">
                <time dateTime={point.day}>{point.day}</time>
              </DataCell>
              <DataCell label={unit} kind="number">
                {format(point.value)}
              </DataCell>
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}
