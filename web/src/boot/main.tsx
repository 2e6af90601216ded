// The app's entry as Vite builds it: its stylesheets are every page's (index.html's link), and it
// starts the app at an address that is no route's page. A route's page starts with
// web/src/boot/paint-first.ts instead, which evaluates the code a chunk per task.
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles.css';
import { start } from './start.tsx';

start();
