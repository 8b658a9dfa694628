export const adminCredentials = { email: 'admin@e2e.test', password: 'e2e-Admin-password-1' };
