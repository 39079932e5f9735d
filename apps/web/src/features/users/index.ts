export { UsersRoute, type UsersViewer } from './routes/users';
