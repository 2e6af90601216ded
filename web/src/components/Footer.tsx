export function Footer() {
  return (
    <footer className="site-footer text-center text-muted small py-3 mt-auto">
      © {new Date().getFullYear()} Partner Portal · Supplier, vendor and contractor management
    </footer>
  );
}
