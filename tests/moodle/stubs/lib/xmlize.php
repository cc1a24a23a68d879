<?php
// Not Moodle's code: the vendored question/format/xml/format.php requires $CFG->libdir/xmlize.php,
// and the harness points $CFG->libdir here (see questionlib.php). This loads Moodle's own
// lib/xmlize.php, vendored unmodified.
require_once(__DIR__ . '/../../vendor/lib/xmlize.php');
