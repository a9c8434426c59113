import sys

from campaign_manager.cli import main

sys.exit(main())
