/** Business constants of spec section 9, shared by the forms and the server. */
export const limits = {
  passwordMin: 6,
  passwordMax: 256,
  usernameMin: 3,
  usernameMax: 32,
  emailMax: 254,
} as const;
