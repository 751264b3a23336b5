export { profileQuery, profileQueryKey, useProfile } from './api/profile-query.ts';
