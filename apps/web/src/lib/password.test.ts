import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { user } from '@console/contract';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password';

const md5Upper = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

describe('hashPassword', () => {
  it.each(['admin123', '123456', '', 'Pässwörd with spaces', '密码123', 'a'.repeat(200)])('is upper(md5(upper(md5(%j))))', (plain) => {
    expect(hashPassword(plain)).toBe(md5Upper(md5Upper(plain)));
  });

  it('matches a fixed vector', () => {
    // md5("admin123") = 0192023A7BBD73250516F069DF18B500
    expect(md5Upper('admin123')).toBe('0192023A7BBD73250516F069DF18B500');
    expect(hashPassword('admin123')).toBe(md5Upper('0192023A7BBD73250516F069DF18B500'));
  });

  it('uses the contract\'s minimum password length', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(user.MIN_PASSWORD_LENGTH);
  });

  it('always yields 32 upper-case hex characters, the shape the contract accepts', () => {
    expect(hashPassword('x')).toMatch(/^[0-9A-F]{32}$/);
  });
});
