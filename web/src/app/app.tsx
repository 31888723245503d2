import { AppProvider } from './providers';
import { AppRouter } from './router';

/** The whole site. */
export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
