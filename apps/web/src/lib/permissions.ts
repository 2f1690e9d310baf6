/** True when the user holds the permission code. Menus are only a convenience: the server checks too. */
export function hasPerm(perms: readonly string[], code: string): boolean {
  return perms.includes(code);
}
