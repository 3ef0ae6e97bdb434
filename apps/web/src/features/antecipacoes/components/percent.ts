/** A rate as the API answers it (3.1 = 3,1%) in pt-BR: "3,1%". */
export function percentText(value: number): string {
  return `${String(value).replace('.', ',')}%`;
}
