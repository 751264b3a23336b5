export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24, color: '#1f2330' }}>
      <h1 style={{ color: '#465CFF', margin: 0 }}>Soar</h1>
      <p>Quotes, markets and trading in your pocket.</p>
    </main>
  );
}
