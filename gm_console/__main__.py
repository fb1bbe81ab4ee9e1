from gm_console.start import main

raise SystemExit(main())
