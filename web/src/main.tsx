// Every page's entry but a prerendered one's (web/src/paint-first.ts): the stylesheets, then the app.
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { start } from './start.tsx';

start();
