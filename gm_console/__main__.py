from gm_console.cli import main

raise SystemExit(main())
