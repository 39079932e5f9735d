// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [];
