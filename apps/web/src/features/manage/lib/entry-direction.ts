/** Entry log `pass` (spec §3): 1 entry 进入, anything else exit 离开. */
export function directionOf(pass: number): { label: string; tone: 'in' | 'out' } {
  return pass === 1 ? { label: '进入', tone: 'in' } : { label: '离开', tone: 'out' };
}
