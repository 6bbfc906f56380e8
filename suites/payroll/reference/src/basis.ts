import { Employee } from './data';
import { money } from './pay';

/** `$24.50 an hour` or `$61,000.00 a year`. */
export function basisText(employee: Employee): string {
  return employee.hourlyCents !== undefined
    ? `${money(employee.hourlyCents)} an hour`
    : `${money(employee.annualCents ?? 0)} a year`;
}
